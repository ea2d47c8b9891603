// An error's words in the interface's language. The HTTP wrapper keeps the spec's own failures
// verbatim, in English (lib/api.js: 'Backend service is currently unavailable...', 'HTTP 502'),
// and the browser's ('Failed to fetch') are English too: a toast shows them in the page's
// language, as the spec's sign-in page does for the first of them. The server's own refusals come
// already in the person's language and pass unchanged.
import { t } from './i18n.js';

const KNOWN = [
  [/^(Backend service is currently unavailable|Failed to fetch|NetworkError|Load failed)/,
    () => t('Сервер временно недоступен. Попробуйте снова через несколько минут.')],
  [/^Backend service is temporarily unavailable\. Please try again in (\d+) seconds\.$/,
    (seconds) => t('Сервис временно недоступен. Попробуйте снова через {n} с.', { n: seconds })],
  [/^Backend service is temporarily unavailable\./, () => t('Сервис временно недоступен. Попробуйте позже.')],
  [/^Request cancelled$/, () => t('Запрос отменён')],
  [/^Network error$/, () => t('Ошибка сети. Проверьте соединение.')],
  [/^HTTP (\d+)$/, (status) => t('Ошибка сервера (HTTP {status})', { status })],
];

/** `text` in the page's language when it is one of the wrapper's or the browser's; else as it is. */
export function errorWords(text) {
  if (typeof text !== 'string') return text;
  for (const [pattern, words] of KNOWN) {
    const found = pattern.exec(text);
    if (found) return words(found[1]);
  }
  return text;
}
