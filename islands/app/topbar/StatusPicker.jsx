// The user menu's status choice: how others see this user in member lists (live, over the socket).
import { STATUS_CHOICES, chooseStatus, useMyStatus } from '../live/myStatus.js';

export default function StatusPicker({ onChosen }) {
  const current = useMyStatus((state) => state.status);
  return (
    <div className="status-picker" role="group" aria-label="Статус">
      {STATUS_CHOICES.map(({ value, label }) => (
        <button key={value} type="button" className="user-menu__item status-picker__choice"
          aria-pressed={current === value} onClick={() => { chooseStatus(value); onChosen(); }}>
          <span className={`status-picker__dot status-picker__dot--${value}`} aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
