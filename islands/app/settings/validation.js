// Spec §5 for the server name and description: the same rules and texts as the API's
// site/lobby/servers/validation.py, checked before the request.
import { t } from '../../lib/i18n.js';

// Latin or Cyrillic letters (А-Я, а-я, Ё, ё, written as escapes: the pattern is no text for people),
// digits, spaces, hyphens, underscores.
const NAME = /^[A-Za-z0-9\u0410-\u042f\u0430-\u044f\u0401\u0451 _-]+$/;

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;

export function nameProblem(value) {
  const name = value.trim();
  if (!name) return t('Введите название сервера');
  if (name.length < 2) return t('Название должно содержать минимум 2 символа');
  if (name.length > NAME_MAX) return t('Название слишком длинное');
  if (!NAME.test(name)) return t('Только буквы, цифры, пробелы и дефисы');
  return null;
}

export function descriptionProblem(value) {
  return value.trim().length > DESCRIPTION_MAX ? t('Описание слишком длинное') : null;
}

/** `{name?, description?}` with a message per invalid field; empty when the form may be sent. */
export function checkSettings({ name, description }) {
  const errors = {};
  const nameError = nameProblem(name);
  const descriptionError = descriptionProblem(description);
  if (nameError) errors.name = nameError;
  if (descriptionError) errors.description = descriptionError;
  return errors;
}
