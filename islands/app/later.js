// What the /app page loads on first use, in one file: the dialogs and panels that open over the
// app. None is needed before the chat works, and as one file they cost one request the first time
// any opens, instead of a dozen small chunks of the code they share.
export { default as ConfirmDialog } from './ui/ConfirmDialog.jsx';
export { default as DiscoveryDialog } from './discover/DiscoveryDialog.jsx';
export { default as ModerationPanel } from './moderation/ModerationPanel.jsx';
export { default as SearchDialog } from './search/SearchDialog.jsx';
export { default as CreateServerModal } from './servers/CreateServerModal.jsx';
export { default as JoinServerModal } from './servers/JoinServerModal.jsx';
export { default as HelpSheet } from './shortcuts/HelpSheet.jsx';
export { default as PerfPanel } from './perf/PerfPanel.jsx';
export { default as ServerSettingsModal } from './settings/ServerSettingsModal.jsx';
export { default as CreateChannelModal } from './sidebar/CreateChannelModal.jsx';
import './regions/firstLoad.js'; // one chunk for the first load: see there
