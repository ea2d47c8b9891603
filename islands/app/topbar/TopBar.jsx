// The 48 px bar over the app (spec 000 "Top bar"): the sidebar toggle, where you are, the user menu.
import { PanelLeft } from 'lucide-react';
import { useShell } from '../store.js';
import { useIsPhone } from '../ui/useMediaQuery.js';
import TopBarTitle from './TopBarTitle.jsx';
import UserMenu from './UserMenu.jsx';

export default function TopBar({ user, csrfToken, route }) {
  const phone = useIsPhone();
  const open = useShell((state) => (phone ? state.drawerOpen : !state.sidebarCollapsed));
  const toggleSidebar = useShell((state) => state.toggleSidebar);
  return (
    <header className="app-topbar">
      <button type="button" className="icon-button app-topbar__toggle" onClick={() => toggleSidebar(phone)}
        aria-controls="app-sidebar" aria-expanded={open}
        aria-label={open ? 'Скрыть список серверов' : 'Показать список серверов'}>
        <PanelLeft size={20} aria-hidden="true" />
      </button>
      <TopBarTitle route={route} />
      <UserMenu user={user} csrfToken={csrfToken} />
    </header>
  );
}
