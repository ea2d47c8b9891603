// Where the members drawer lives: a third column of the /app frame beside the channel (the frame's
// `.app__body` grid, DESIGN "Layout of /app"), shown on a server channel while the drawer is open.
// Its code (the list, the rows, the profile card) is not in the first load: it is asked for just
// after the page's islands have mounted, not during their first render, so the chat never waits for
// the drawer. On phones it slides over the content, with a scrim that closes it.
import { Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import preloadable from '../../lib/preloadable.jsx';
import { useIsPhone } from '../ui/useMediaQuery.js';
import { isDrawerOpen, useMembersDrawer } from './store.js';
import { t } from '../../lib/i18n.js';

const MembersDrawer = preloadable(() => import('./MembersDrawer.jsx'));

export default function MembersHost({ route, user }) {
  const phone = useIsPhone();
  const open = useMembersDrawer((state) => isDrawerOpen(state, phone));
  const closePhone = useMembersDrawer((state) => state.closePhone);
  const shown = open && route.name === 'channel';
  const body = document.querySelector('.app .app__body');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    document.querySelector('.app')?.classList.toggle('app--members', shown && !phone);
  }, [shown, phone]);
  useEffect(() => {
    if (!shown || !phone) return undefined;
    const escape = (event) => event.key === 'Escape' && !document.querySelector('dialog[open], [aria-modal="true"]') && closePhone();
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [shown, phone, closePhone]);
  if (!shown || !body) return null;
  return createPortal(
    <>
      {phone && (
        <button type="button" className="members-scrim" aria-label={t('Скрыть список участников')} tabIndex={-1}
          onClick={closePhone} />
      )}
      <Suspense fallback={<aside className="members-drawer" aria-busy="true" />}>
        {ready
          ? <MembersDrawer key={route.serverId} serverId={route.serverId} myId={user?.id} />
          : <aside className="members-drawer" aria-busy="true" />}
      </Suspense>
    </>,
    body,
  );
}
