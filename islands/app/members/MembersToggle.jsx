// The top bar's members-drawer toggle (spec 000 "Top bar": only when a channel is active).
import UsersRound from 'lucide-react/icons/users-round';
import { useIsPhone } from '../ui/useMediaQuery.js';
import { isDrawerOpen, useMembersDrawer } from './store.js';
import { t } from '../../lib/i18n.js';

export default function MembersToggle({ route }) {
  const phone = useIsPhone();
  const open = useMembersDrawer((state) => isDrawerOpen(state, phone));
  const toggle = useMembersDrawer((state) => state.toggle);
  if (route.name !== 'channel') return null;
  const label = open ? t('Скрыть список участников') : t('Показать список участников');
  return (
    <button type="button" className="icon-button members-toggle" onClick={() => toggle(phone)}
      aria-controls={open ? 'members-drawer' : undefined} aria-expanded={open} aria-label={label} title={label}>
      <UsersRound size={20} aria-hidden="true" />
    </button>
  );
}
