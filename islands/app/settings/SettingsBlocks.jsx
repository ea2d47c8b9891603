// The settings modal's blocks: real statistics, the spec's inert roles placeholder, and the
// owner's danger zone (ownership transfer; deletion after typing the server's name).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Plus from 'lucide-react/icons/plus';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import Trash2 from 'lucide-react/icons/trash';
import UserRoundCog from 'lucide-react/icons/user-round-cog';
import { toast } from '../../lib/toast.js';
import { post, request } from '../../lib/api.js';
import { navigate } from '../router.js';
import { askConfirm } from '../ui/confirm.js';
import { formatDateTime } from '../../lib/dateTime.js';
import { asList, membersQuery } from './queries.js';
import { t } from '../../lib/i18n.js';
import { personName } from '../ui/person.js';

export function StatsBlock({ server }) {
  const rows = [
    [t('ID сервера'), <code key="id" className="settings-stats__code">{server.id}</code>],
    [t('Участники'), server.memberCount ?? 0],
    [t('Текстовые каналы'), server.textChannelCount ?? 0],
    [t('Голосовые каналы'), server.voiceChannelCount ?? 0],
    [t('Создан'), formatDateTime(server.createdAt, { time: false })],
  ];
  return (
    <section className="settings-section" aria-labelledby="settings-stats-title">
      <h3 className="settings-section__title" id="settings-stats-title">{t('Статистика')}</h3>
      <dl className="settings-stats">
        {rows.map(([label, value]) => (
          <div className="settings-stats__row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="settings-stats__row">
          <dt>{t('Статус')}</dt>
          <dd>
            {server.isVerified ? (
              <span className="settings-verified settings-verified--on"><BadgeCheck size={14} aria-hidden="true" />{t('Подтвержден')}</span>
            ) : (
              <span className="settings-verified">{t('Не подтвержден')}</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function RolesBlock() {
  return (
    <section className="settings-section" aria-labelledby="settings-roles-title">
      <div className="settings-section__head">
        <h3 className="settings-section__title" id="settings-roles-title">{t('Роли')}</h3>
        <span className="mod-soon">{t('Скоро')}</span>
      </div>
      <div className="settings-role">
        <span className="settings-role__dot" aria-hidden="true" />
        <span className="settings-role__name">@everyone</span>
        <span className="settings-role__hint">{t('Базовая роль всех участников')}</span>
      </div>
      <button type="button" className="btn btn-ghost mod-btn-sm" disabled>
        <Plus size={16} aria-hidden="true" />
        {t('Создать роль')}
      </button>
    </section>
  );
}

const DELETE_QUESTION = t('Вы уверены, что хотите удалить этот сервер? Это действие нельзя отменить.');

/** Transfer and deletion, for the owner (spec: the danger zone; typed confirmation to delete). */
export function DangerZone({ serverId, server, onClose }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(membersQuery(serverId));
  const heirs = asList(data, 'members').filter((member) => member.role !== 'owner' && member.user?.id !== server.ownerId);
  const [heir, setHeir] = useState('');

  const done = (message) => {
    toast.success(message);
    for (const key of ['server', 'members', 'audit']) queryClient.invalidateQueries({ queryKey: [key, serverId] });
    queryClient.invalidateQueries({ queryKey: ['servers'] });
  };
  const failed = (title) => (error) => toast.error(title, { description: error?.message || undefined });
  const transfer = useMutation({
    mutationFn: (userId) => post(`/api/servers/${serverId}/transfer`, { userId }),
    onSuccess: () => {
      done(t('Владение сервером передано'));
      onClose();
    },
    onError: failed(t('Не удалось передать владение')),
  });
  const remove = useMutation({
    mutationFn: () => request(`/api/servers/${serverId}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['server', serverId] });
      queryClient.removeQueries({ queryKey: ['channels', serverId] });
      queryClient.invalidateQueries({ queryKey: ['servers'] });
      toast.success(t('Сервер удалён'));
      navigate('/app', { replace: true });
    },
    onError: failed(t('Не удалось удалить сервер')),
  });

  async function askTransfer() {
    const member = heirs.find((candidate) => String(candidate.user?.id) === heir);
    if (!member) return;
    const sure = await askConfirm({
      title: t('Передать владение?'),
      message: t('@{username} станет владельцем сервера «{server}», а вы останетесь модератором.',
        { username: member.user.username, server: server.name }),
      confirmLabel: t('Передать владение'), danger: true,
    });
    if (sure) transfer.mutate(member.user.id);
  }

  async function askDelete() {
    const sure = await askConfirm({ title: t('Удалить сервер'), message: DELETE_QUESTION,
      confirmLabel: t('Удалить сервер'), danger: true, typed: server.name });
    if (sure) remove.mutate();
  }

  return (
    <section className="settings-danger" aria-labelledby="settings-danger-title">
      <h3 className="settings-danger__title" id="settings-danger-title">
        <ShieldAlert size={18} aria-hidden="true" />
        {t('Опасная зона')}
      </h3>
      <div className="settings-danger__row">
        <div>
          <p className="settings-danger__name">{t('Передать владение')}</p>
          <p className="settings-danger__text">{t('Сделать владельцем другого участника; вы останетесь модератором.')}</p>
          <label className="mod-sr-only" htmlFor="settings-heir">{t('Новый владелец')}</label>
          <select id="settings-heir" className="field__input settings-danger__select" value={heir}
            onChange={(event) => setHeir(event.target.value)} disabled={!heirs.length}>
            <option value="">{heirs.length ? t('Выберите участника') : t('Других участников нет')}</option>
            {heirs.map((member) => (
              <option key={member.user.id} value={member.user.id}>{`${personName(member.user)} (@${member.user.username})`}</option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-ghost mod-btn-sm" onClick={askTransfer}
          disabled={!heir || transfer.isPending}>
          <UserRoundCog size={16} aria-hidden="true" />
          {t('Передать владение')}
        </button>
      </div>
      <div className="settings-danger__row">
        <div>
          <p className="settings-danger__name">{t('Удалить сервер')}</p>
          <p className="settings-danger__text">
            {t('Каналы, сообщения и участники будут удалены навсегда.')}
          </p>
        </div>
        <button type="button" className="btn mod-btn-danger mod-btn-sm" onClick={askDelete} disabled={remove.isPending}>
          <Trash2 size={16} aria-hidden="true" />
          {t('Удалить сервер')}
        </button>
      </div>
    </section>
  );
}

/** Shaped like the form: fields on the left, statistics on the right. */
export function SettingsSkeleton() {
  return (
    <div className="settings settings--loading" aria-busy="true">
      <span className="mod-sr-only" role="status">{t('Загрузка...')}</span>
      <div className="settings__layout" aria-hidden="true">
        <div className="settings__main">
          <div className="settings-section">
            <span className="mod-skeleton mod-skeleton--title" />
            <span className="mod-skeleton mod-skeleton--label" />
            <span className="mod-skeleton mod-skeleton--input" />
            <span className="mod-skeleton mod-skeleton--label" />
            <span className="mod-skeleton mod-skeleton--area" />
            <span className="mod-skeleton mod-skeleton--input" />
          </div>
          <div className="settings-section">
            <span className="mod-skeleton mod-skeleton--title" />
            <span className="mod-skeleton mod-skeleton--input" />
          </div>
        </div>
        <div className="settings__aside">
          <div className="settings-section">
            <span className="mod-skeleton mod-skeleton--title" />
            {[1, 2, 3, 4, 5, 6].map((row) => <span className="mod-skeleton mod-skeleton--line" key={row} />)}
          </div>
        </div>
      </div>
    </div>
  );
}
