// The voice texts in one place: the spec's verbatim ones, and the toasts it names without words.
import { t } from '../../lib/i18n.js';

export const TEXTS = {
  prompt: t('Подключитесь к голосовому каналу для общения с участниками'),
  connect: t('Подключиться к голосовому каналу'),
  connecting: t('Подключение...'),
  connected: t('подключен'),
  barConnected: t('Голос подключен'), // the voice bar's state
  you: t('Это вы'),
  speaking: t('говорит'),
  connectFailed: t('Не удалось подключиться к голосовому каналу'),
  connectFailedBecause: (reason) => t('Не удалось подключиться к голосовому каналу: {reason}', { reason }),
  runtime: (message) => t('Ошибка голосовой связи: {message}', { message }),
  leaveFailed: t('Ошибка отключения от голосового канала'),
  initFailed: t('Ошибка инициализации'),
  linkFailed: t('Ошибка подключения'),
  noscript: t('Для голосовой связи нужен JavaScript: включите его в браузере.'),
  calling: t('Звоним…'),
  cancelCall: t('Отменить звонок'),
};

// Why a microphone could not be opened, by the DOMException's name.
export const MEDIA_REASONS = {
  NotAllowedError: t('доступ к микрофону запрещён'),
  SecurityError: t('доступ к микрофону запрещён'),
  NotFoundError: t('микрофон не найден'),
  OverconstrainedError: t('микрофон не найден'),
  NotReadableError: t('микрофон занят другим приложением'),
  AbortError: t('микрофон занят другим приложением'),
};

export const TOASTS = {
  connected: (channel) => t('Вы подключились к каналу «{channel}»', { channel }),
  disconnected: t('Вы отключились от голосового канала'),
  elsewhere: t('Голосовая связь перешла в другую вкладку'),
  dropped: t('Вы больше не в голосовом канале'),
  joined: (name) => t('{name} подключается к голосовому каналу', { name }),
  left: (name) => t('{name} покидает голосовой канал', { name }),
  micOn: t('Микрофон включён'),
  micOff: t('Микрофон выключен'),
  serverMuted: t('Модератор отключил вам микрофон до конца тайм-аута'),
  soundOn: t('Звук включён'),
  soundOff: t('Звук выключен'),
  declined: (name) => t('{name} отклоняет звонок', { name }),
  // A call in a DM names the person, never the conversation's channel.
  callWith: (name) => t('Звонок: {name}', { name }),
  answered: (name) => t('{name} отвечает на звонок', { name }),
  unanswered: (name) => t('{name} не отвечает', { name }),
  hungUp: (name) => t('{name} завершает звонок', { name }),
  callEnded: t('Звонок завершён'),
  cameraFailed: t('Не удалось включить камеру'),
  screenFailed: t('Не удалось начать демонстрацию экрана'),
};
