// Three stat cards: members, text channels, voice channels.
import Hash from 'lucide-react/icons/hash';
import Users from 'lucide-react/icons/users';
import Volume2 from 'lucide-react/icons/volume-2';
import { formatCount } from '../data/format.js';
import { t } from '../../lib/i18n.js';

export default function StatCards({ server }) {
  const stats = [
    { label: t('Участники'), value: formatCount(server.memberCount), icon: Users },
    { label: t('Текстовые каналы'), value: server.textChannelCount ?? 0, icon: Hash },
    { label: t('Голосовые каналы'), value: server.voiceChannelCount ?? 0, icon: Volume2 },
  ];
  return (
    <ul className="stat-cards">
      {stats.map(({ label, value, icon: Icon }) => (
        <li key={label} className="card stat-card">
          <span className="stat-card__icon" aria-hidden="true"><Icon size={20} /></span>
          <span className="stat-card__text">
            <span className="stat-card__value">{value}</span>
            <span className="stat-card__label">{label}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
