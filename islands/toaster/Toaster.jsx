// The page's toast area. Flashes the server queued for this page show up as toasts; sonner itself
// loads with the first toast (islands/lib/toast.js), so a page with none never downloads it.
import { lazy, Suspense, useEffect } from 'react';
import { toast, useToasterWanted } from '../lib/toast.js';

const SonnerToaster = lazy(() => import('./SonnerToaster.jsx'));

const byCategory = {
  success: toast.success,
  error: toast.error,
  warning: toast.warning,
};

export default function Toaster({ messages = [] }) {
  const wanted = useToasterWanted();
  useEffect(() => {
    // A fixed id per flash keeps a second mount from showing the same message twice.
    messages.forEach(([category, text], index) => {
      const show = byCategory[category] ?? toast.message;
      show(text, { id: `flash-${index}` });
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- flashes are shown once per page
  return wanted ? <Suspense fallback={null}><SonnerToaster /></Suspense> : null;
}
