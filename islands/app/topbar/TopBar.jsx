// The 48 px bar over the app (spec 000 "Top bar"): the sidebar toggle, where you are, the search
// button (DESIGN: the message search box; it opens the search dialog), the game centre, the friends
// button, the notifications bell, the members-drawer toggle (on a channel), the user menu; voice
// fills its slot with mute/deafen. It also watches for the user going idle (the status the menu
// shows), and starts timing the live socket's round trip (the game centre's ping).
import PanelLeft from 'lucide-react/icons/panel-left';
import Search from 'lucide-react/icons/search';
import Users from 'lucide-react/icons/users';
import '../../lib/rtt.js';
import { useIdleWatch } from '../live/idle.js';
import MembersToggle from '../members/MembersToggle.jsx';
import NotificationsBell from '../notifications/NotificationsBell.jsx';
import { useSearchDialog } from '../search/store.js';
import { Link } from '../router.js';
import { useShell } from '../store.js';
import { useIsPhone } from '../ui/useMediaQuery.js';
import GameCentre from './GameCentre.jsx';
import TopBarTitle from './TopBarTitle.jsx';
import UserMenu from './UserMenu.jsx';
import { t } from '../../lib/i18n.js';

const MAC = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export default function TopBar({ user, csrfToken, route }) {
  const phone = useIsPhone();
  const open = useShell((state) => (phone ? state.drawerOpen : !state.sidebarCollapsed));
  const toggleSidebar = useShell((state) => state.toggleSidebar);
  const openSearch = useSearchDialog((state) => state.openSearch);
  useIdleWatch();
  return (
    <header className="app-topbar">
      <button type="button" className="icon-button app-topbar__toggle" onClick={() => toggleSidebar(phone)}
        aria-controls="app-sidebar" aria-expanded={open}
        aria-label={open ? t('Скрыть список серверов') : t('Показать список серверов')}>
        <PanelLeft size={20} aria-hidden="true" />
      </button>
      <TopBarTitle route={route} />
      <button type="button" className="app-topbar__search" onClick={openSearch}
        aria-haspopup="dialog" aria-keyshortcuts={MAC ? 'Meta+/' : 'Control+/'}>
        <Search size={16} aria-hidden="true" />
        <span className="app-topbar__search-label">{t('Поиск')}</span>
        <kbd className="app-topbar__search-keys" aria-hidden="true">{MAC ? '⌘' : 'Ctrl'} /</kbd>
      </button>
      <span id="topbar-voice" />{/* the microphone and sound switches while in voice (voice/VoicePanel.jsx) */}
      <GameCentre user={user} />
      <Link to="/app/friends" className="icon-button app-topbar__friends" aria-label={t('Друзья')}
        aria-current={route?.name === 'friends' ? 'page' : undefined}>
        <Users size={20} aria-hidden="true" />
      </Link>
      <NotificationsBell />
      <MembersToggle route={route} />
      <UserMenu user={user} csrfToken={csrfToken} />
    </header>
  );
}
