// The user menu (spec 000 "Top bar"): a disclosure with the person's picture and name (the display
// name of their settings, else first and last name), the handle, friends, settings and logout, and
// the status others see. Closes on outside click, Escape and after a choice.
import { useEffect, useRef, useState } from 'react';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import { signOut } from '../../lib/api.js';
import { disconnect } from '../../lib/socket.js';
import Avatar from '../chat/Avatar.jsx';
import { personName } from '../ui/person.js';
import { useMyProfile } from '../live/myProfile.js';
import { useMyStatus } from '../live/myStatus.js';
import { Link } from '../router.js';
import { useCustomStatus } from './customStatus.js';
import StatusPicker from './StatusPicker.jsx';
import { t } from '../../lib/i18n.js';

export default function UserMenu({ user, csrfToken }) {
  const [open, setOpen] = useState(false);
  const status = useMyStatus((state) => state.status);
  const customStatus = useCustomStatus();
  const { displayName, avatarUrl } = useMyProfile();
  const root = useRef(null);
  const fullName = personName({ ...user, displayName }); // the one rule (ui/person.js), with my settings' name

  useEffect(() => {
    if (!open) return undefined;
    const outside = (event) => root.current && !root.current.contains(event.target) && setOpen(false);
    const escape = (event) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <details ref={root} className="user-menu app-user-menu" open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}>
      {/* Named by what it shows (the person's name) and then what it is: a label that left the
          visible name out would not answer to it in voice control (WCAG 2.5.3). */}
      <summary className="user-menu__button">
        <span className="avatar avatar--with-status" aria-hidden="true">
          <Avatar author={{ id: user.id, username: user.username, displayName: fullName, profileImageUrl: avatarUrl }} size={32} />
          <span className={`status-picker__dot status-picker__dot--${status}`} />
        </span>
        <span className="user-menu__name">{fullName}</span>
        <span className="sr-only">{t('Меню пользователя')}</span>
      </summary>
      <div className="user-menu__panel">
        <p className="user-menu__who">
          <strong>{fullName}</strong><span>@{user.username}</span>
          {customStatus && <span className="user-menu__custom">{customStatus}</span>}
        </p>
        <StatusPicker onChosen={() => setOpen(false)} />
        <Link to="/app/friends" className="user-menu__item" onClick={() => setOpen(false)}>
          <Users size={16} aria-hidden="true" />
          {t('Друзья')}
        </Link>
        <Link to="/app/settings" className="user-menu__item" onClick={() => setOpen(false)}>
          <Settings size={16} aria-hidden="true" />
          {t('Настройки')}
        </Link>
        <form method="post" action="/auth/logout" onSubmit={() => { signOut(); disconnect(); }}>
          <input type="hidden" name="csrf_token" value={csrfToken} />
          <button className="user-menu__item user-menu__item--danger" type="submit">{t('Выйти')}</button>
        </form>
      </div>
    </details>
  );
}
