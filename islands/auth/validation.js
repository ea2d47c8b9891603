// The registration rules of spec §5, mirroring site/lobby/accounts/validation.py (same limits,
// same patterns, same Russian messages) so the server rarely has to say it again.
// The messages are the server's own texts (site/lobby/texts.py), so they share its catalogue entries.
import { t } from '../lib/i18n.js';
export const USERNAME_MIN = 3;
const USERNAME_MAX = 32;
const NAME_MAX = 50;
const EMAIL_MAX = 254;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

// Python's \w is letters and numbers of any script; [^\W\d_] is letters (and non-decimal numerals).
const USERNAME = /^[\p{L}\p{N}_-]+$/u;
const NAME = /^[\p{L}\p{Nl}\p{No}]+(?:[ -][\p{L}\p{Nl}\p{No}]+)*$/u;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/u;

const length = (value) => [...value].length; // code points, as Python's len()

export function usernameProblem(username) {
  if (!username) return t('Введите username');
  if (length(username) < USERNAME_MIN) return t('Username должен содержать минимум 3 символа');
  if (length(username) > USERNAME_MAX) return t('Username не может быть длиннее 32 символов');
  if (!USERNAME.test(username)) return t('Username может содержать только буквы, цифры, _ и -');
  return null;
}

export function emailProblem(email) {
  if (!email) return t('Введите email');
  if (length(email) > EMAIL_MAX || !EMAIL.test(email)) return t('Введите корректный email');
  return null;
}

export function passwordProblem(password) {
  if (!password) return t('Введите пароль');
  if (length(password) < PASSWORD_MIN) return t('Пароль должен содержать минимум 8 символов');
  if (length(password) > PASSWORD_MAX) return t('Пароль не может быть длиннее 128 символов');
  return null;
}

function nameProblem(value, { empty, tooLong, letters }) {
  if (!value) return empty;
  if (length(value) > NAME_MAX) return tooLong;
  if (!NAME.test(value)) return letters;
  return null;
}

/** The fields as the server will read them (trimmed, the password as typed). */
export function cleanRegistration(values) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    username: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
  };
}

/** {field: message} for every broken field; empty when the form may be sent. */
export function checkRegistration(fields) {
  const problems = {
    firstName: nameProblem(fields.firstName, {
      empty: t('Введите имя'),
      tooLong: t('Имя не может быть длиннее 50 символов'),
      letters: t('Имя может содержать только буквы, пробелы и дефисы'),
    }),
    lastName: nameProblem(fields.lastName, {
      empty: t('Введите фамилию'),
      tooLong: t('Фамилия не может быть длиннее 50 символов'),
      letters: t('Фамилия может содержать только буквы, пробелы и дефисы'),
    }),
    username: usernameProblem(fields.username),
    email: emailProblem(fields.email),
    password: passwordProblem(fields.password),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message));
}

/** When a live availability check is worth asking (spec §5). */
export const worthChecking = {
  username: (value) => length(value) >= USERNAME_MIN,
  email: (value) => value.includes('@') && length(value) <= EMAIL_MAX && EMAIL.test(value),
};
