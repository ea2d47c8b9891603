// "Участники": search, and a row per member with presence, role, and kick / ban (spec §5: both
// need a reason from a prompt; an empty or cancelled prompt sends nothing).
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import Crown from 'lucide-react/icons/crown';
import Search from 'lucide-react/icons/search';
import Shield from 'lucide-react/icons/shield';
import UserMinus from 'lucide-react/icons/user-minus';
import X from 'lucide-react/icons/x';
import { toast } from '../../lib/toast.js';
import { post } from '../../lib/api.js';
import { ROLE_LABELS, avatarHue, fullName, initials, matchesSearch, presence } from './labels.js';
import { t, tc } from '../../lib/i18n.js';

const ACTIONS = {
  kick: {
    prompt: t('Причина исключения:'),
    body: (userId, reason) => ({ userId, reason, notify: true }),
    done: t('Пользователь исключен с сервера'),
    failed: t('Не удалось исключить пользователя'),
  },
  ban: {
    prompt: t('Причина блокировки:'),
    body: (userId, reason) => ({ userId, reason, duration: null, deleteMessageDays: 1 }),
    done: tc('ban', 'Пользователь заблокирован'),
    failed: tc('ban', 'Не удалось заблокировать пользователя'),
  },
};

function useModeration(serverId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, userId, reason }) =>
      post(`/api/servers/${serverId}/moderation/${kind}`, ACTIONS[kind].body(userId, reason)),
    onSuccess: (_data, { kind }) => {
      toast.success(ACTIONS[kind].done);
      for (const key of ['members', 'audit', 'server', 'bans']) {
        queryClient.invalidateQueries({ queryKey: [key, serverId] });
      }
    },
    onError: (error, { kind }) => toast.error(ACTIONS[kind].failed, { description: error?.message || undefined }),
  });
}

function MemberRow({ member, serverId, canModerate, isMe }) {
  const moderation = useModeration(serverId);
  const user = member.user ?? {};
  const status = presence(user.status);
  const RoleIcon = member.role === 'owner' ? Crown : Shield;

  function act(kind) {
    const reason = window.prompt(ACTIONS[kind].prompt);
    if (reason === null || !reason.trim()) return;
    moderation.mutate({ kind, userId: user.id, reason: reason.trim() });
  }

  return (
    <li className="member-row" data-username={user.username}>
      <span className="member-row__avatar" style={{ '--hue': avatarHue(user) }} aria-hidden="true">
        {initials(user)}
        <span className={`member-row__dot member-row__dot--${status.kind}`} />
      </span>
      <div className="member-row__who">
        <p className="member-row__name">
          <span className="member-row__full">{fullName(user)}</span>
          {isMe && <span className="member-row__me">{t('(вы)')}</span>}
          {ROLE_LABELS[member.role] && (
            <span className={`mod-role mod-role--${member.role}`}>
              <RoleIcon size={12} aria-hidden="true" />
              {ROLE_LABELS[member.role]}
            </span>
          )}
        </p>
        <p className="member-row__username">@{user.username}</p>
      </div>
      <span className={`mod-status mod-status--${status.kind}`}>{status.label}</span>
      <div className="member-row__actions">
        {canModerate && (
          <>
            <button type="button" className="btn btn-ghost mod-btn-sm" onClick={() => act('kick')}
              disabled={moderation.isPending}>
              <UserMinus size={16} aria-hidden="true" />
              {t('Исключить')}
            </button>
            <button type="button" className="btn mod-btn-danger mod-btn-sm" onClick={() => act('ban')}
              disabled={moderation.isPending}>
              <Ban size={16} aria-hidden="true" />
              {tc('ban', 'Заблокировать')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export default function MembersTab({ serverId, server, members, me }) {
  const [query, setQuery] = useState('');
  const shown = members.filter((member) => matchesSearch(member, query));
  const iOwn = server.myRole === 'owner' || (me?.id != null && server.ownerId === me.id);

  // Nobody acts on the owner or on themselves; moderators do not act on other moderators.
  function canModerate(member) {
    const id = member.user?.id;
    if (member.role === 'owner' || id === server.ownerId) return false;
    if (me?.id != null && id === me.id) return false;
    return iOwn || member.role !== 'moderator';
  }

  return (
    <div className="mod-members">
      <div className="mod-search">
        <Search size={16} className="mod-search__icon" aria-hidden="true" />
        <input type="search" className="field__input mod-search__input" placeholder={t('Поиск участников...')}
          aria-label={t('Поиск участников')} value={query} onChange={(event) => setQuery(event.target.value)} />
        {query && (
          <button type="button" className="icon-button mod-search__clear" aria-label={t('Очистить поиск')}
            onClick={() => setQuery('')}>
            <X size={16} aria-hidden="true" />
          </button>
        )}
      </div>
      <p className="mod-members__count" aria-live="polite">
        {query.trim()
          ? t('Найдено: {shown} из {total}', { shown: shown.length, total: members.length })
          : t('Участников: {count}', { count: members.length })}
      </p>
      {shown.length ? (
        <ul className="member-list">
          {shown.map((member) => (
            <MemberRow key={member.id} member={member} serverId={serverId}
              canModerate={canModerate(member)} isMe={me?.id != null && member.user?.id === me.id} />
          ))}
        </ul>
      ) : (
        <div className="mod-empty">
          <p className="mod-empty__title">
            {members.length ? t('Нет участников, соответствующих поиску') : t('Участники не найдены')}
          </p>
          {members.length > 0 && <p className="mod-empty__text">{t('Проверьте написание имени или @username.')}</p>}
        </div>
      )}
    </div>
  );
}
