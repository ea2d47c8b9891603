// In the sidebar of a public server the user has not joined: its channels are for members. Not in
// a member's first load (ChannelView.jsx); a page that opens on such a server loads it first.
import LogIn from 'lucide-react/icons/log-in';
import { useJoinServer } from '../data/useJoinServer.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there

export default function SidebarJoin({ server }) {
  const join = useJoinServer();
  return (
    <div className="sidebar-join">
      <p>{t('Каналы доступны участникам сервера.')}</p>
      <button type="button" className="btn btn-primary btn-block" disabled={join.isPending}
        onClick={() => join.mutate(server)}>
        <LogIn size={16} aria-hidden="true" />
        {t('Присоединиться')}
      </button>
    </div>
  );
}
