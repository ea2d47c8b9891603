// The settings pages' script (not the /app page's: the shell loads ./dialog.js when settings open).
// htmx reads its settings from the page's <meta name="htmx-config">.
import htmx from 'htmx.org';
import { followSettingsEvents } from '../lib/appearance.js';
import { askInPage } from './askInPage.js';
import { catchUpOnReturn } from './catchUp.js';
import { enhance } from './form.js';
import { stayOnline } from './stayOnline.js';

followSettingsEvents();
enhance(document, askInPage);
catchUpOnReturn(htmx);
stayOnline();
