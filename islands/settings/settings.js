// The settings pages' script (not the /app page's: the shell loads ./dialog.js when settings open).
// htmx reads its settings from the page's <meta name="htmx-config">.
import 'htmx.org';
import { followSettingsEvents } from '../lib/appearance.js';
import { enhance } from './form.js';

followSettingsEvents();
enhance(document);
