// One member in the members tab: presence, role, a running timeout, and what the caller may do —
// the owner appoints and removes moderators; the owner and moderators time out, kick and ban
// (spec §5: kick and ban ask a reason — in the in-app dialog; an empty or cancelled one sends nothing).
import { useState } from 'react';
import Ban from 'lucide-react/icons/ban';
import Crown from 'lucide-react/icons/crown';
import Shield from 'lucide-react/icons/shield';
import ShieldMinus from 'lucide-react/icons/shield-minus';
import ShieldPlus from 'lucide-react/icons/shield-plus';
import Timer from 'lucide-react/icons/timer';
import TimerOff from 'lucide-react/icons/timer-off';
import UserMinus from 'lucide-react/icons/user-minus';
import { askConfirm, askText } from '../ui/confirm.js';
import { formatDateTime } from '../../lib/dateTime.js';
import Avatar from '../chat/Avatar.jsx';
import PersonName from '../ui/PersonName.jsx';
import { ROLE_LABELS, fullName, presence, timeoutEnd } from './labels.js';
import { PROMPTS, useMemberAction } from './memberActions.js';
import TimeoutForm from './TimeoutForm.jsx';
import { t, tc } from '../../lib/i18n.js';

export default function MemberRow({ member, serverId, canModerate, canAppoint, isMe }) {
  const action = useMemberAction(serverId);
  const [asking, setAsking] = useState(false);
  const user = member.user ?? {};
  const status = presence(user.status);
  const RoleIcon = member.role === 'owner' ? Crown : Shield;
  const until = timeoutEnd(member);
  const busy = action.isPending;

  async function act(kind) {
    const reason = await askText({
      title: kind === 'kick' ? t('Исключить @{username}?', { username: user.username })
        : t('Заблокировать @{username}?', { username: user.username }),
      label: PROMPTS[kind], confirmLabel: kind === 'kick' ? t('Исключить') : tc('ban', 'Заблокировать'),
      required: true, danger: true,
    });
    if (reason) action.mutate({ kind, userId: user.id, reason });
  }

  async function demote() {
    const sure = await askConfirm({
      title: t('Снять модератора?'),
      message: t('@{username} больше не сможет модерировать сервер.', { username: user.username }),
      confirmLabel: t('Снять модератора'), danger: true,
    });
    if (sure) action.mutate({ kind: 'demote', userId: user.id });
  }

  return (
    <li className="member-row" data-username={user.username}>
      <span className="member-row__avatar" aria-hidden="true">
        <Avatar author={user} size={40} />
        <span className={`member-row__dot member-row__dot--${status.kind}`} />
      </span>
      <div className="member-row__who">
        <p className="member-row__name">
          <PersonName person={user} className="member-row__full" fallback={fullName(user)} />
          {isMe && <span className="member-row__me">{t('(вы)')}</span>}
          {ROLE_LABELS[member.role] && (
            <span className={`mod-role mod-role--${member.role}`}>
              <RoleIcon size={12} aria-hidden="true" />
              {ROLE_LABELS[member.role]}
            </span>
          )}
        </p>
        <p className="member-row__username">@{user.username}</p>
        {until && (
          <p className="member-row__timeout">
            <Timer size={12} aria-hidden="true" />
            {t('Тайм-аут до {time}', { time: formatDateTime(until) })}
          </p>
        )}
      </div>
      <span className={`mod-status mod-status--${status.kind}`}>{status.label}</span>
      <div className="member-row__actions">
        {canAppoint && (member.role === 'moderator' ? (
          <button type="button" className="btn btn-ghost mod-btn-sm" onClick={demote} disabled={busy}>
            <ShieldMinus size={16} aria-hidden="true" />
            {t('Снять модератора')}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost mod-btn-sm" disabled={busy}
            onClick={() => action.mutate({ kind: 'appoint', userId: user.id })}>
            <ShieldPlus size={16} aria-hidden="true" />
            {t('Назначить модератором')}
          </button>
        ))}
        {canModerate && (
          <>
            {until ? (
              <button type="button" className="btn btn-ghost mod-btn-sm" disabled={busy}
                onClick={() => action.mutate({ kind: 'lift', userId: user.id })}>
                <TimerOff size={16} aria-hidden="true" />
                {t('Снять тайм-аут')}
              </button>
            ) : (
              <button type="button" className="btn btn-ghost mod-btn-sm" disabled={busy} aria-expanded={asking}
                onClick={() => setAsking((open) => !open)}>
                <Timer size={16} aria-hidden="true" />
                {t('Тайм-аут')}
              </button>
            )}
            <button type="button" className="btn btn-ghost mod-btn-sm" onClick={() => act('kick')} disabled={busy}>
              <UserMinus size={16} aria-hidden="true" />
              {t('Исключить')}
            </button>
            <button type="button" className="btn mod-btn-danger mod-btn-sm" onClick={() => act('ban')} disabled={busy}>
              <Ban size={16} aria-hidden="true" />
              {tc('ban', 'Заблокировать')}
            </button>
          </>
        )}
      </div>
      {asking && canModerate && !until && (
        <TimeoutForm busy={busy} onCancel={() => setAsking(false)}
          onSubmit={(fields) => action.mutate({ kind: 'timeout', userId: user.id, ...fields },
            { onSuccess: () => setAsking(false) })} />
      )}
    </li>
  );
}
