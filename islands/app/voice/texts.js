// The voice texts in one place: the spec's verbatim ones, and the toasts it names without words.
export const TEXTS = {
  prompt: 'Подключитесь к голосовому каналу для общения с участниками',
  connect: 'Подключиться к голосовому каналу',
  connecting: 'Подключение...',
  connected: 'подключен',
  you: 'Это вы',
  speaking: 'говорит',
  connectFailed: 'Не удалось подключиться к голосовому каналу',
  runtime: (message) => `Ошибка голосовой связи: ${message}`,
  leaveFailed: 'Ошибка отключения от голосового канала',
  initFailed: 'Ошибка инициализации',
  linkFailed: 'Ошибка подключения',
  noscript: 'Для голосовой связи нужен JavaScript: включите его в браузере.',
};

// Why a microphone could not be opened, by the DOMException's name.
export const MEDIA_REASONS = {
  NotAllowedError: 'доступ к микрофону запрещён',
  SecurityError: 'доступ к микрофону запрещён',
  NotFoundError: 'микрофон не найден',
  OverconstrainedError: 'микрофон не найден',
  NotReadableError: 'микрофон занят другим приложением',
  AbortError: 'микрофон занят другим приложением',
};

export const TOASTS = {
  connected: (channel) => `Вы подключились к каналу «${channel}»`,
  disconnected: 'Вы отключились от голосового канала',
  elsewhere: 'Голосовая связь перешла в другую вкладку',
  dropped: 'Вы больше не в голосовом канале',
  joined: (name) => `${name} подключается к голосовому каналу`,
  left: (name) => `${name} покидает голосовой канал`,
  micOn: 'Микрофон включён',
  micOff: 'Микрофон выключен',
  soundOn: 'Звук включён',
  soundOff: 'Звук выключен',
  declined: (name) => `${name} отклоняет звонок`,
  cameraFailed: 'Не удалось включить камеру',
  screenFailed: 'Не удалось начать демонстрацию экрана',
};
