// The 'password-hint' island of a server-rendered form (the reset page): the strength hint under
// the input named `input`, for the account `username` / `email` (what the password must not contain).
import PasswordHint from './PasswordHint.jsx';
import { personalParts } from '../lib/passwordHint.js';

export default function PasswordHintIsland({ input, username = '', email = '' }) {
  return <PasswordHint inputId={input} personal={personalParts(username, email)} />;
}
