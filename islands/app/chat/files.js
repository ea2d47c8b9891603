// Attachments on the client: the server's limits (lobby/messages/attachments.py), checked before
// an upload starts so a person hears at once what the server would say, and how files are shown.
import { lang, t } from '../../lib/i18n.js';

export const MAX_FILES = 10;
export const MAX_BYTES = 10 * 1024 * 1024;
export const TOO_MANY = t('Можно прикрепить не больше {max} файлов', { max: MAX_FILES });
export const TOO_LARGE = t('Файл слишком большой. Максимальный размер: 10MB');

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const KB = 1024;
const MB = 1024 * 1024;
const number = (digits) => new Intl.NumberFormat(lang === 'en' ? 'en' : 'ru', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const oneDecimal = number(1);
const twoDecimals = number(2);

/**
 * A file's size as people read it, in the page's language: 512 → '512 Б', 1331 → '1,3 КБ',
 * 1536000 → '1,46 МБ' ('512 B', '1.3 KB', '1.46 MB' in English). MB keep the spec's 2 decimals;
 * under 1 MB it is KB, so a small file never reads '0.00 MB'.
 */
export function fileSize(bytes) {
  const size = Math.max(0, bytes || 0);
  if (size < KB) return t('{n} Б', { n: size });
  const kilobytes = Math.round((size / KB) * 10) / 10;
  if (kilobytes < KB) return t('{n} КБ', { n: oneDecimal.format(kilobytes) });
  return t('{n} МБ', { n: twoDecimals.format(size / MB) });
}

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
