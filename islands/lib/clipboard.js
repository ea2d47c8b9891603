// Copying text for the person: the invite code, and ids in developer mode ('Копировать ID').
import { t } from './i18n.js';
import { toast } from './toast.js';

export async function copyText(text) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Without the async clipboard (an insecure origin): the old selection-based copy.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

/** Developer mode's 'Копировать ID': the id on the clipboard, and a toast that says so. */
export async function copyId(id) {
  try {
    await copyText(String(id));
    toast.success(t('ID скопирован: {id}', { id }));
  } catch {
    toast.error(t('Не удалось скопировать ID'));
  }
}
