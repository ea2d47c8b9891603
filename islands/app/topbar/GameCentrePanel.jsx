// The game centre's dropdown (spec 000 "Game-center dropdown"), loaded when first wanted: the
// greeting, the voice section, 'Друзей онлайн' and the ping (the live socket's round trip as
// measured now, lib/rtt.js — '—' until one is known), the menu with its shortcuts and the
// online-friends badge on 'Друзья', and the button that opens the game panel.
import { useEffect } from 'react';
import { measureRoundTrip, useRoundTrip } from '../../lib/rtt.js';
import { Link, navigate } from '../router.js';
import GameVoice from './GameVoice.jsx';
import { GAME_MENU } from './gameMenu.js';
import useFriendsOnline from './useFriendsOnline.js';
import { t } from '../../lib/i18n.js';
import '../regions/firstLoad.js'; // one chunk for the first load: see there
import { useMyProfile } from '../live/myProfile.js';
import { personName } from '../ui/person.js';

function MenuEntry({ entry, online, onClose }) {
  const Icon = entry.icon;
  const badge = entry.badge === 'friendsOnline' && online > 0 ? online : null;
  return (
    <li>
      <Link to={entry.to} className="game-centre__item" data-entry={entry.id} onClick={onClose}
        aria-keyshortcuts={entry.ariaKeys || undefined}>
        <Icon size={16} aria-hidden="true" />
        <span className="game-centre__label">{entry.label}</span>
        {badge != null && (
          <span className="game-centre__count" title={t('Друзей онлайн')}>{badge}</span>
        )}
        {entry.keys && <kbd className="game-centre__keys">{entry.keys}</kbd>}
      </Link>
    </li>
  );
}

export default function GameCentrePanel({ id, user, onClose }) {
  const ping = useRoundTrip();
  const online = useFriendsOnline();
  useEffect(() => { measureRoundTrip(); }, []); // a fresh figure each time the dropdown opens
  const { displayName } = useMyProfile();
  const name = personName({ ...user, displayName }); // the one name it shows everywhere (ui/person.js)
  return (
    <div id={id} className="game-centre__panel" role="dialog" aria-label={t('Игровой центр')}>
      <p className="game-centre__greeting">{t('Привет, {name}!', { name })}</p>
      <GameVoice />
      <dl className="game-centre__stats">
        <div className="game-centre__stat">
          <dt>{t('Друзей онлайн')}</dt>
          <dd data-stat="friends-online">{online ?? '—'}</dd>
        </div>
        <div className="game-centre__stat">
          <dt>{t('Пинг')}</dt>
          <dd data-stat="ping" data-ms={ping ?? ''}>{ping == null ? '—' : t('{ms} мс', { ms: ping })}</dd>
        </div>
      </dl>
      <ul className="game-centre__menu" aria-label={t('Меню игрового центра')}>
        {GAME_MENU.map((entry) => <MenuEntry key={entry.id} entry={entry} online={online} onClose={onClose} />)}
      </ul>
      <button type="button" className="btn btn-primary game-centre__open"
        onClick={() => { onClose(); navigate('/gaming'); }}>
        {t('Открыть игровую панель')}
      </button>
    </div>
  );
}
