// The chat's tools that are not on screen when a channel opens, in one file: the edit box, the
// reaction picker, the composer's attach panel and its pending files and upload progress (see
// tools.js for when they load).
export { default as AttachPanel } from './AttachPanel.jsx';
export { PendingFiles, UploadProgress } from './ComposerFiles.jsx';
export { default as EditBox } from './EditBox.jsx';
export { default as ReactionPicker } from './ReactionPicker.jsx';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
