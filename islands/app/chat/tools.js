// The edit box, the reaction picker, the attach panel and the composer's pending files and upload
// progress (./messageTools.js) are not in a channel's first load: no message is edited, no picker
// or panel is open and no file is attached when it opens. They load once the
// page has settled (`useToolsSoon`), or sooner when the pointer or the focus reaches a message's
// toolbar or the attach button, so they are there by the first click.
import { useEffect } from 'react';
import preloadable from '../../lib/preloadable.jsx';

const load = () => import('./messageTools.js');
export const EditBox = preloadable(() => load().then((tools) => ({ default: tools.EditBox })));
export const ReactionPicker = preloadable(() => load().then((tools) => ({ default: tools.ReactionPicker })));
export const AttachPanel = preloadable(() => load().then((tools) => ({ default: tools.AttachPanel })));
export const PendingFiles = preloadable(() => load().then((tools) => ({ default: tools.PendingFiles })));
export const UploadProgress = preloadable(() => load().then((tools) => ({ default: tools.UploadProgress })));

const SETTLED_MS = 2000;

export function preloadTools() {
  EditBox.preload().catch(() => {}); // a failure shows at first use (the error boundary)
  ReactionPicker.preload().catch(() => {});
  AttachPanel.preload().catch(() => {});
  PendingFiles.preload().catch(() => {});
  UploadProgress.preload().catch(() => {});
}

/** Loads the tools a little after the chat has mounted. */
export function useToolsSoon() {
  useEffect(() => {
    const timer = setTimeout(preloadTools, SETTLED_MS);
    return () => clearTimeout(timer);
  }, []);
}
