// A server's invite as people share it: the link to its page (/invite/<code>, which works for
// anyone, signed in or not), never the bare code.
import { copyText } from '../../lib/clipboard.js';
import { toast } from '../../lib/toast.js';
import { t } from '../../lib/i18n.js';

export const inviteLink = (code) => `${window.location.origin}/invite/${encodeURIComponent(code)}`;

/** The link on the clipboard, and a toast that says so (or that it failed). True when copied. */
export async function copyInviteLink(code) {
  try {
    await copyText(inviteLink(code));
    toast.success(t('Ссылка-приглашение скопирована'));
    return true;
  } catch {
    toast.error(t('Не удалось скопировать ссылку'));
    return false;
  }
}
