// Friend-area toasts (spec 000 §2 Root layout): bottom-right and 4 s, unlike the app's top-right 5 s.
// While a dialog with its own toast area is open (the add-friend modal, see ModalToaster.jsx),
// they go there: the page's toasts would sit under the dialog's backdrop.
import { toast } from '../../lib/toast.js';

const PLACE = { position: 'bottom-right', duration: 4000 };
let toasterId = null;

/** Send friend toasts to the toaster `id` until the returned function is called. */
export function toastInto(id) {
  toasterId = id;
  return () => {
    if (toasterId === id) toasterId = null;
  };
}

const show = (kind) => (title, description, options) => toast[kind](title, {
  ...PLACE, description, ...(toasterId ? { toasterId } : {}), ...options,
});

export const friendToast = { success: show('success'), error: show('error'), message: show('message') };
