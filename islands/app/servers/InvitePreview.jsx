// The server an invite opens, under the link typed in the join dialog: its icon, name and member
// and online counts, and whether one is in it already or banned from it.
import ServerIcon from '../ui/ServerIcon.jsx';
import { formatCount } from '../data/format.js';
import { t, tp } from '../../lib/i18n.js';

const STATES = {
  member: () => t('Вы уже участник этого сервера.'),
  banned: () => t('Вы заблокированы на этом сервере'),
};

export default function InvitePreview({ query }) {
  if (query.isPending) return <p className="invite-preview invite-preview--pending" role="status">{t('Проверяем приглашение...')}</p>;
  const invite = query.data?.invite;
  if (!invite) return null; // an unknown code says so when sent, in the field's own words
  const { server, state } = invite;
  const note = STATES[state]?.();
  return (
    <div className="invite-preview" role="status" data-state={state}>
      <ServerIcon server={server} size={40} />
      <div className="invite-preview__text">
        <p className="invite-preview__name">{server.name}</p>
        <p className="invite-preview__counts">
          {t('{online} в сети', { online: formatCount(server.onlineCount ?? 0) })}
          {' · '}
          {tp('{count} участник|{count} участника|{count} участников', server.memberCount ?? 0,
            { count: formatCount(server.memberCount ?? 0) })}
        </p>
        {note && <p className={`invite-preview__note${state === 'banned' ? ' invite-preview__note--danger' : ''}`}>{note}</p>}
      </div>
    </div>
  );
}
