// Attachments on the client: the server's limits (lobby/messages/attachments.py), checked before
// an upload starts so a person hears at once what the server would say, and how files are shown.
import { t } from '../../lib/i18n.js';

export const MAX_FILES = 10;
export const MAX_BYTES = 10 * 1024 * 1024;
export const TOO_MANY = t('Можно прикрепить не больше {max} файлов', { max: MAX_FILES });
export const TOO_LARGE = t('Файл слишком большой. Максимальный размер: 10MB');

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** 1536000 → '1.46 MB' (spec: size in MB with 2 decimals). */
export const megabytes = (bytes) => `${((bytes || 0) / (1024 * 1024)).toFixed(2)} MB`;

/** 'Отчёт.pdf' → 'PDF'; no extension → 'FILE'. */
export function extensionBadge(name) {
  const dot = (name || '').lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  return /^[\p{L}\p{N}]{1,5}$/u.test(extension) ? extension.toUpperCase() : 'FILE';
}

export const showsAsImage = (type) => IMAGE_TYPES.has(type);

let counter = 0;

/**
 * Files picked or dropped, added to those already pending within the limits: → {added, problems}.
 * Each added entry is {id, file, name, size, type, preview} (preview: an object URL for pictures,
 * to be revoked by whoever drops the entry).
 */
export function takeFiles(pending, incoming) {
  const added = [];
  const problems = new Set();
  for (const file of incoming) {
    if (file.size > MAX_BYTES) {
      problems.add(TOO_LARGE);
    } else if (pending.length + added.length >= MAX_FILES) {
      problems.add(TOO_MANY);
    } else {
      counter += 1;
      added.push({
        id: `file-${counter}`,
        file,
        name: file.name,
        size: file.size,
        type: file.type,
        preview: showsAsImage(file.type) ? URL.createObjectURL(file) : null,
      });
    }
  }
  return { added, problems: [...problems] };
}

export function releaseFiles(entries) {
  for (const entry of entries) if (entry.preview) URL.revokeObjectURL(entry.preview);
}
