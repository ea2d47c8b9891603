// The client checks of spec §5, the same rules and messages as site/lobby/servers/validation.py.
const NAME = /^[A-Za-zА-Яа-яЁё0-9 _-]+$/;
export const MAX_ICON_BYTES = 5 * 1024 * 1024;

export function nameProblem(value) {
  const name = value.trim();
  if (!name) return 'Введите название сервера';
  if (name.length < 2) return 'Название должно содержать минимум 2 символа';
  if (name.length > 100) return 'Название слишком длинное';
  if (!NAME.test(name)) return 'Только буквы, цифры, пробелы и дефисы';
  return null;
}

export function descriptionProblem(value) {
  return value.trim().length > 500 ? 'Описание слишком длинное' : null;
}

export function iconProblem(file) {
  if (!file) return null;
  if (!file.type.startsWith('image/')) return 'Можно загружать только изображения';
  if (file.size > MAX_ICON_BYTES) return 'Файл слишком большой. Максимальный размер: 5MB';
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
  if (code.length < 3) return 'Код приглашения слишком короткий';
  if (code.length > 50) return 'Код приглашения слишком длинный';
  return null;
}
