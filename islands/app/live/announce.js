// lib/notify.js for the /app page, loaded with the first notification to announce (see
// useLiveNotifications.js), not with the page.
export { announce, announceMessage } from '../../lib/notify.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
