// Where the app's confirmation lives (askConfirm / askText in ./confirm.js): mounted once in the
// shell (Modals.jsx). The dialog's code loads with the shell's other dialogs (../later.js) the
// first time a question is asked: nothing of it is needed to paint the chat.
import { lazy, Suspense } from 'react';
import { useConfirm } from './confirm.js';
import { loadLater } from '../loadLater.js';

const ConfirmDialog = lazy(loadLater('ConfirmDialog'));

export default function ConfirmHost() {
  const current = useConfirm((state) => state.current);
  return <Suspense fallback={null}>{current && <ConfirmDialog key={current.id} question={current} />}</Suspense>;
}
