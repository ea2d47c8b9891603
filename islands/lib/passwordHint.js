// The live strength hint under a new password (registration, reset, the password change in
// settings): a bar and a word for zxcvbn's score, and the server's own refusal when the password
// is one of the most common ones or contains the username or e-mail (the same rule as
// site/lobby/accounts/weak_passwords.py, so the hint never promises what the form then refuses).
// The estimator loads on the first keystroke (../auth/strength.js), never before.
import { t } from './i18n.js';

const LEVELS = [t('Очень слабый'), t('Слабый'), t('Средний'), t('Хороший'), t('Надёжный')];
const COMMON = t('Этот пароль слишком распространён: придумайте другой');
const PERSONAL = t('Пароль не должен содержать username или email');
const PERSONAL_MIN = 3; // as the server: a shorter name or address part would refuse fair passwords

let estimator = null;
const loadEstimator = () => (estimator ??= import('../auth/strength.js'));

/** The username, the address and its local part, as the server reads them. */
export function personalParts(username = '', email = '') {
  return [username, email, email.split('@')[0]].map((part) => (part || '').toLowerCase())
    .filter((part) => part.length >= PERSONAL_MIN);
}

/** {level 0–4, label, problem}: problem is the server's refusal the password would get, if any. */
export async function judge(password, personal = []) {
  const { measure } = await loadEstimator();
  const { score, common } = measure(password, personal);
  const lowered = password.toLowerCase();
  const problem = common ? COMMON : personal.some((part) => lowered.includes(part)) ? PERSONAL : null;
  const level = problem ? 0 : score;
  return { level, label: t('Надёжность пароля: {level}', { level: LEVELS[level] }), problem };
}

/** Draws a verdict into `slot` (its markup is the hint's own; null hides it). */
export function drawHint(slot, verdict) {
  slot.hidden = !verdict;
  if (!verdict) return;
  slot.dataset.level = String(verdict.level);
  if (!slot.firstChild) {
    slot.innerHTML = '<span class="password-hint__bar" aria-hidden="true"><span></span></span>'
      + '<span class="password-hint__label"></span><span class="password-hint__problem"></span>';
  }
  slot.querySelector('.password-hint__label').textContent = verdict.label;
  slot.querySelector('.password-hint__problem').textContent = verdict.problem ?? '';
}

const WAIT_MS = 120; // a pause in typing, not every keystroke

/** Keeps `slot` telling how strong `input`'s password is; `personal()` names what it must not contain.
 * Returns a function that stops it. */
export function followPassword(input, slot, personal = () => []) {
  let timer = null;
  let asked = 0;
  const update = () => {
    clearTimeout(timer);
    const password = input.value;
    if (!password) {
      asked += 1; // an answer still on its way is for a password no longer there
      drawHint(slot, null);
      return;
    }
    timer = setTimeout(async () => {
      const ticket = ++asked;
      const verdict = await judge(password, personal());
      if (ticket === asked) drawHint(slot, verdict);
    }, WAIT_MS);
  };
  input.addEventListener('input', update);
  if (input.value) update();
  return () => {
    clearTimeout(timer);
    input.removeEventListener('input', update);
  };
}
