// The client checks of spec §5, the same rules and messages as site/lobby/servers/validation.py.
import { t } from '../../lib/i18n.js';

// Latin or Cyrillic letters (А-Я, а-я, Ё, ё, written as escapes: the pattern is no text for people),
// digits, spaces, hyphens, underscores.
const NAME = /^[A-Za-z0-9\u0410-\u042f\u0430-\u044f\u0401\u0451 _-]+$/;
export const MAX_ICON_BYTES = 5 * 1024 * 1024;

export function nameProblem(value) {
  const name = value.trim();
  if (!name) return t('Введите название сервера');
  if (name.length < 2) return t('Название должно содержать минимум 2 символа');
  if (name.length > 100) return t('Название слишком длинное');
  if (!NAME.test(name)) return t('Только буквы, цифры, пробелы и дефисы');
  return null;
}

export function descriptionProblem(value) {
  return value.trim().length > 500 ? t('Описание слишком длинное') : null;
}

export function iconProblem(file) {
  if (!file) return null;
  if (!file.type.startsWith('image/')) return t('Можно загружать только изображения');
  if (file.size > MAX_ICON_BYTES) return t('Файл слишком большой. Максимальный размер: 5MB');
  return null;
}

/** A bare invite code, or the last path segment of a pasted link. */
export function inviteCodeFrom(value) {
  const text = value.trim();
  if (!/[/?#]/.test(text)) return text;
  const path = text.split(/[?#]/)[0].replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

export function inviteProblem(code) {
  if (code.length < 3) return t('Код приглашения слишком короткий');
  if (code.length > 50) return t('Код приглашения слишком длинный');
  return null;
}
