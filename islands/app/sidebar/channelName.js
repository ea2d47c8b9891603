// A channel's name rule, as the create and rename dialogs state it and the server keeps it
// (site/lobby/servers/validation.py, `channel_name_problem`): 1 to 100 characters, letters of any
// alphabet (with their marks), digits, emoji, spaces, hyphens and underscores.
import { t } from '../../lib/i18n.js';

export const CHANNEL_NAME_MAX = 100;
export const CHANNEL_NAME_RULE = t('До 100 символов: буквы, цифры, эмодзи, пробелы, дефисы и подчёркивания.');

const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u; // line breaks, zero-width and direction-override characters
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]/gu;
const NAME_CHARACTERS = /^[\p{L}\p{N}\p{M} _-]*$/u;

/** The server's words for what is wrong with a (trimmed) name, or null. */
export function channelNameProblem(name) {
  if (!name) return t('Введите название канала');
  if ([...name].length > CHANNEL_NAME_MAX) return t('Название слишком длинное');
  if (UNSEEN.test(name)) return t('Название содержит недопустимые символы');
  if (!NAME_CHARACTERS.test(name.replace(EMOJI, ''))) return t('Только буквы, цифры, эмодзи, пробелы, дефисы и подчёркивания');
  return null;
}
