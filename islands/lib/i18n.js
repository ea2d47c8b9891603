// The islands' words, in the page's language. Every text is written in Russian inside t() or tp()
// with a string literal (the extractor and islands/build.mjs read the literal): the build makes
// one bundle per language, putting the catalogue's English (site/lobby/translations) in place of
// each literal, so nothing is looked up at run time and no string is kept twice by hand.
//   t('Удалить')                               → the literal itself after the build
//   t('Привет, {name}!', { name })              → placeholders filled here
//   tp('{n} участник|{n} участника|{n} участников', n)   Russian 1|2|5, English one|other
//   tc('ban', 'Заблокировать')                 → one Russian word, two meanings: a context tells
//                                                 the catalogue which ('ban' vs a friend's block)
/* global __LANG__ */
export const lang = typeof __LANG__ === 'string' ? __LANG__ : 'ru';

export function t(message, values) {
  return values ? message.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole)) : message;
}

export const tc = (context, message, values) => t(message, values);

export function tp(forms, n, values) {
  const list = forms.split('|');
  const english = lang === 'en' || list.length < 3;
  const form = english ? (n === 1 ? 0 : list.length - 1) : russianForm(n);
  return t(list[form], { n, ...values });
}

function russianForm(n) {
  const tens = Math.abs(n) % 100;
  const ones = tens % 10;
  if (tens > 10 && tens < 20) return 2;
  if (ones === 1) return 0;
  return ones >= 2 && ones <= 4 ? 1 : 2;
}
