// A notification's link opens in place: an /app URL moves the shell's router (no page load, the
// socket stays); anything else (never expected) is an ordinary navigation.
import { navigate } from '../router.js';

export function openLink(link) {
  if (!link) return;
  if (link.startsWith('/app')) navigate(link);
  else window.location.assign(link);
}
