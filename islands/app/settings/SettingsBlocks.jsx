// The settings modal's read-only blocks: real statistics, and the spec's inert placeholders
// (roles, ownership transfer, deletion that only asks for confirmation).
import BadgeCheck from 'lucide-react/icons/badge-check';
import Plus from 'lucide-react/icons/plus';
import ShieldAlert from 'lucide-react/icons/shield-exclamation-point';
import Trash2 from 'lucide-react/icons/trash';
import UserRoundCog from 'lucide-react/icons/user-round-cog';
import { formatDate } from './queries.js';
import { t } from '../../lib/i18n.js';

export function StatsBlock({ server }) {
  const rows = [
    [t('ID сервера'), <code key="id" className="settings-stats__code">{server.id}</code>],
    [t('Участники'), server.memberCount ?? 0],
    [t('Текстовые каналы'), server.textChannelCount ?? 0],
    [t('Голосовые каналы'), server.voiceChannelCount ?? 0],
    [t('Создан'), formatDate(server.createdAt)],
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

export function DangerZone() {
  return (
    <section className="settings-danger" aria-labelledby="settings-danger-title">
      <h3 className="settings-danger__title" id="settings-danger-title">
        <ShieldAlert size={18} aria-hidden="true" />
        {t('Опасная зона')}
      </h3>
      <div className="settings-danger__row">
        <div>
          <p className="settings-danger__name">{t('Передать владение')}</p>
          <p className="settings-danger__text">{t('Сделать владельцем другого участника. Пока недоступно.')}</p>
        </div>
        <button type="button" className="btn btn-ghost mod-btn-sm" disabled>
          <UserRoundCog size={16} aria-hidden="true" />
          {t('Передать владение')}
        </button>
      </div>
      <div className="settings-danger__row">
        <div>
          <p className="settings-danger__name">{t('Удалить сервер')}</p>
          <p className="settings-danger__text">
            {t('Удаление серверов появится позже: сейчас сервер останется на месте.')}
          </p>
        </div>
        {/* Spec: asks for confirmation and does nothing after it. */}
        <button type="button" className="btn mod-btn-danger mod-btn-sm" onClick={() => window.confirm(DELETE_QUESTION)}>
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
