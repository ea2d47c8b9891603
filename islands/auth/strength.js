// The password strength estimate behind the live hint (islands/lib/passwordHint.js): zxcvbn-ts with
// its common dictionary (the most common passwords, about 200 KB gzipped). Loaded only when a
// person types a new password: the auth pages and the password change in settings, never /app's
// first load. The server keeps the rule itself (site/lobby/accounts/weak_passwords.py).
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const estimator = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** {score 0–4, common}: common when the whole password is one entry of the common list (in any
 * disguise zxcvbn sees through: letter case, l33t swaps, reversed), as the server judges it. */
export function measure(password, personal = []) {
  const { score, sequence } = estimator.check(password, personal.filter(Boolean));
  const [only] = sequence;
  const common = sequence.length === 1 && only.pattern === 'dictionary' && only.dictionaryName === 'passwords-common';
  return { score, common };
}
