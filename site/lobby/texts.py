"""What people read when the API refuses something: one table, keyed by code.

Validators, actions and the generated OpenAPI document all take their words from here, so a
message lives in one place. Russian is the product's language and the catalogue's source (the
texts are the spec's, verbatim); `N_` marks each one for the English catalogue and `text()`
translates it for the reader (`lobby.i18n`).
"""
from __future__ import annotations

from lobby.i18n import NC_, N_, _

TEXTS: dict[str, str] = {
    # Any request (and the plain HTTP answers: werkzeug's texts are English)
    "http.400": N_("Некорректный запрос"),
    "http.401": N_("Требуется вход в систему"),
    "http.403": N_("Доступ запрещён"),
    "http.404": N_("Не найдено"),
    "http.405": N_("Этот метод не поддерживается"),
    "http.413": N_("Слишком большой запрос"),
    "http.415": N_("Неподдерживаемый формат данных"),
    "http.429": N_("Слишком много запросов. Попробуйте позже."),
    "http.500": N_("Внутренняя ошибка сервера"),
    "http.503": N_("Сервис временно недоступен"),
    "page.not_found": N_("Такой страницы нет."),
    "request.not_object": N_("Ожидается JSON-объект"),
    "request.repeated": N_("Параметр указан несколько раз"),
    "request.nul": N_("Текст содержит недопустимый символ (NUL)"),
    "request.not_text": N_("Ожидается строка"),
    "request.not_flag": N_("Ожидается true или false"),
    "request.not_number": N_("Параметр {name} должен быть числом"),
    "request.invalid": N_("Неверный формат"),
    # Messages
    "message.empty": N_("Сообщение не может быть пустым"),
    "message.too_long": N_("Сообщение слишком длинное (максимум {limit} символов)"),
    "message.nonce": N_("Некорректный nonce"),
    "message.reply_missing": N_("Сообщение для ответа не найдено"),
    "message.emoji": N_("Реакция — это один эмодзи"),
    "message.reactions_full": N_("У сообщения уже {limit} разных реакций: можно добавить только одну из них"),
    "message.not_found": N_("Сообщение не найдено"),
    "message.nonce_taken": N_("Этот nonce уже использован для сообщения в другом канале"),
    "message.not_yours": N_("Можно изменять только свои сообщения"),
    "message.cannot_delete": N_("Недостаточно прав для удаления сообщения"),
    "message.deleted": N_("Сообщение удалено"),
    "attachment.not_found": N_("Файл не найден"),
    "attachment.too_large": N_("Файл слишком большой. Максимальный размер: {size}"),
    "attachment.too_many": N_("Можно прикрепить не больше {limit} файлов"),
    # Search (messages and people)
    "search.too_short": N_("Введите минимум 2 символа для поиска"),
    "search.too_long": N_("Поисковый запрос слишком длинный (максимум {limit} символов)"),
    "search.bad_date": N_("Не удалось понять дату «{value}». Например: 2024-05-31, 31.05.2024, вчера, на прошлой неделе"),
    "request.around_alone": N_("Параметр around нельзя сочетать с before или after"),
    "search.bad_has": N_("Неизвестное значение has:{value}. Можно: link, file, image"),
    # Accounts (auth, sign-in, codes, users search)
    # The limits are written out: a Russian noun agrees with its number (3 символа, 8 символов).
    "auth.first_name_empty": N_("Введите имя"),
    "auth.first_name_too_long": N_("Имя не может быть длиннее 50 символов"),
    "auth.first_name_letters": N_("Имя может содержать только буквы, пробелы и дефисы"),
    "auth.last_name_empty": N_("Введите фамилию"),
    "auth.last_name_too_long": N_("Фамилия не может быть длиннее 50 символов"),
    "auth.last_name_letters": N_("Фамилия может содержать только буквы, пробелы и дефисы"),
    "auth.username_empty": N_("Введите username"),
    "auth.username_too_short": N_("Username должен содержать минимум 3 символа"),
    "auth.username_too_long": N_("Username не может быть длиннее 32 символов"),
    "auth.username_letters": N_("Username может содержать только буквы, цифры, _ и -"),
    "auth.username_taken": N_("Этот username уже занят"),
    "auth.email_empty": N_("Введите email"),
    "auth.email_invalid": N_("Введите корректный email"),
    "auth.email_taken": N_("Этот email уже используется"),
    "auth.email_missing": N_("Email не указан"),
    "auth.password_empty": N_("Введите пароль"),
    "auth.password_too_short": N_("Пароль должен содержать минимум 8 символов"),
    "auth.password_too_long": N_("Пароль не может быть длиннее 128 символов"),
    "auth.identifier_empty": N_("Введите email или username"),
    "auth.identifier_too_long": N_("Email или username не может быть длиннее 254 символов"),
    "auth.availability_empty": N_("Укажите username или email"),
    "auth.bad_credentials": N_("Неверный email/username или пароль"),
    "auth.not_verified": N_("Подтвердите email перед входом в систему"),
    "auth.deactivated": N_("Аккаунт отключен"),
    "auth.sign_in_required": N_("Требуется вход в систему"),
    "auth.refresh_failed": N_("Сессия истекла. Войдите снова."),
    "auth.already_verified": N_("Email уже подтвержден"),
    "auth.code_format": N_("Введите 6-значный код"),
    "auth.code_wrong": N_("Неверный код. Проверьте правильность ввода."),
    "auth.code_unknown": N_("Неверный или истекший код подтверждения. Проверьте код и попробуйте снова."),
    "auth.code_expired": N_("Код подтверждения истек. Запросите новый код."),
    "auth.code_locked": N_("Слишком много неверных попыток. Запросите новый код."),
    "auth.code_daily_limit": N_("Превышен лимит кодов на сегодня. Попробуйте завтра."),
    "auth.reset_invalid": N_("Ссылка для сброса пароля недействительна или устарела. Запросите новую."),
    "auth.code_sent": N_("Код подтверждения отправлен на email"),
    "auth.new_code_sent": N_("Новый код отправлен на email"),
    "auth.verified": N_("Email успешно подтвержден"),
    "auth.signed_out": N_("Вы вышли из системы"),
    "auth.reset_mail_sent": N_("Если аккаунт с этим email существует, мы отправили письмо со ссылкой."),
    "auth.password_changed": N_("Пароль изменен. Войдите с новым паролем."),
    # Servers (servers, channels, membership, moderation, access)
    "server.not_found": N_("Сервер не найден"),
    "server.not_member": N_("Вы не участник этого сервера"),
    "server.no_rights": N_("Недостаточно прав"),
    "server.banned": N_("Вы заблокированы на этом сервере"),
    "server.owner_cannot_leave": N_("Владелец не может покинуть свой сервер"),
    "server.name_empty": N_("Введите название сервера"),
    "server.name_too_short": N_("Название должно содержать минимум 2 символа"),
    "server.name_too_long": N_("Название слишком длинное"),
    "server.name_letters": N_("Только буквы, цифры, пробелы и дефисы"),
    "server.description_too_long": N_("Описание слишком длинное"),
    "server.template_unknown": N_("Неизвестный шаблон"),
    "server.category_unknown": N_("Неизвестная категория"),
    "server.icon_too_big": N_("Файл слишком большой. Максимальный размер: {megabytes}MB"),
    "server.icon_too_many_pixels": N_("Изображение слишком большое. Максимальный размер: {megapixels} мегапикселей"),
    "server.icon_not_an_image": N_("Можно загружать только изображения"),
    "server.no_icon": N_("У сервера нет иконки"),
    "server.invite_too_short": N_("Код приглашения слишком короткий"),
    "server.invite_too_long": N_("Код приглашения слишком длинный"),
    "server.invite_invalid": N_("Неверный код приглашения или сервер недоступен"),
    "server.created": N_("Сервер создан успешно"),
    "server.joined": N_("Вы присоединились к серверу"),
    "server.left": N_("Вы покинули сервер"),
    "channel.not_found": N_("Канал не найден"),
    "channel.name_empty": N_("Введите название канала"),
    "channel.name_too_long": N_("Название слишком длинное"),
    "channel.name_unseen": N_("Название содержит недопустимые символы"),
    "channel.type": N_("Тип канала: TEXT или VOICE"),
    "moderation.user_missing": N_("Укажите пользователя"),
    "moderation.user_not_found": N_("Пользователь не найден"),
    "moderation.not_on_owner": N_("Нельзя применить это к владельцу сервера"),
    "moderation.not_on_self": N_("Нельзя применить это к себе"),
    "moderation.not_on_moderator": N_("Модератора может исключить только владелец"),
    "moderation.not_a_member": N_("Пользователь не состоит на сервере"),
    "moderation.not_banned": N_("Пользователь не заблокирован"),
    "moderation.kick_reason": N_("Укажите причину исключения"),
    "moderation.ban_reason": N_("Укажите причину блокировки"),
    "moderation.reason_too_long": N_("Причина слишком длинная"),
    "moderation.duration": N_("Срок блокировки: число секунд или null"),
    "moderation.duration_too_long": N_("Срок блокировки не больше 10 лет; для бессрочной блокировки — null"),
    "moderation.kicked": N_("Пользователь исключен с сервера"),
    "moderation.banned": NC_("ban", "Пользователь заблокирован"),
    "moderation.unbanned": N_("Блокировка снята"),
    # Roles, ownership, timeouts and reports (servers/roles.py, timeouts.py, reports.py)
    "moderation.role": N_("Роль: moderator или member"),
    "moderation.role_changed": N_("Роль участника изменена"),
    "moderation.not_on_owner_role": N_("Роль владельца сервера не меняется: передайте владение"),
    "server.transferred": N_("Владение сервером передано"),
    "server.deleted": N_("Сервер удалён"),
    "moderation.timeout_duration": N_("Срок тайм-аута: от 60 секунд до 1 недели"),
    "moderation.timeout_reason": N_("Укажите причину тайм-аута"),
    "moderation.timed_out": N_("Участник получил тайм-аут"),
    "moderation.timeout_lifted": N_("Тайм-аут снят"),
    "moderation.not_timed_out": N_("У участника нет тайм-аута"),
    "moderation.you_are_timed_out": N_("Вы в тайм-ауте на этом сервере: писать и ставить реакции можно будет через {left}"),
    "report.reason": N_("Укажите причину жалобы"),
    "report.exists": N_("Вы уже пожаловались на это сообщение"),
    "report.own_message": N_("Нельзя пожаловаться на своё сообщение"),
    "report.not_on_server": N_("Пожаловаться можно только на сообщение на сервере"),
    "report.sent": N_("Жалоба отправлена модераторам"),
    "report.not_found": N_("Жалоба не найдена"),
    "report.closed": N_("Жалоба уже рассмотрена"),
    "report.action": N_("Действие: dismiss, delete, kick или ban"),
    "report.resolved": N_("Жалоба рассмотрена"),
    # Friends (requests, the list, blocks); the success texts are the spec's friend toasts
    "friends.message_too_long": N_("Сообщение не может быть длиннее 200 символов"),
    "friends.user_not_found": N_("Пользователь не найден"),
    "friends.not_yourself": N_("Нельзя добавить в друзья самого себя"),
    "friends.already_friends": N_("Вы уже друзья"),
    "friends.request_pending": N_("Запрос уже отправлен"),
    "friends.you_blocked": N_("Вы заблокировали этого пользователя"),
    "friends.requests_closed": N_("Пользователь не принимает запросы в друзья"),
    "friends.request_not_found": N_("Запрос не найден"),
    "friends.not_friends": N_("Пользователь не в списке друзей"),
    "friends.not_blocked": N_("Пользователь не заблокирован"),
    "friends.block_yourself": N_("Нельзя заблокировать самого себя"),
    "friends.request_sent": N_("Запрос отправлен"),
    "friends.request_accepted": N_("Запрос принят"),
    "friends.request_declined": N_("Запрос отклонен"),
    "friends.request_cancelled": N_("Запрос отменен"),
    "friends.removed": N_("Друг удален"),
    "friends.blocked": N_("Пользователь заблокирован"),
    "friends.unblocked": N_("Пользователь разблокирован"),
    "friends.privacy_value": N_("Недопустимое значение"),
    # Direct messages (lobby/dms); a refused send in a DM uses them too
    "dms.user_id": N_("Укажите пользователя"),
    "dms.yourself": N_("Нельзя написать самому себе"),
    "dms.not_allowed": N_("Пользователь не принимает личные сообщения"),
    "dms.account_deleted": N_("Этот пользователь удалил аккаунт"),
    # Read state and notifications (lobby/reads, lobby/notifications); the notification texts are shown as they are
    "reads.message_id": N_("Укажите сообщение"),
    "notifications.not_found": N_("Уведомление не найдено"),
    "notifications.friend_request": N_("{username} отправил(а) вам запрос в друзья"),
    "notifications.friend_accepted": N_("{username} принял(а) ваш запрос в друзья"),
    "notifications.mention": N_("{username} упомянул(а) вас в #{channel}"),
    "notifications.reply": N_("{username} ответил(а) на ваше сообщение в #{channel}"),
    "notifications.dm": N_("{username} написал(а) вам личное сообщение"),
    # Voice (lobby/voice): joining, signalling, calls in DMs
    "voice.not_voice_channel": N_("Это не голосовой канал"),
    "voice.full": N_("В голосовом канале нет свободных мест: максимум {limit} {participants}"),
    # A Russian noun agrees with its number: 1 участник, 2 участника, 5 участников (voice.access.full)
    "voice.participants_one": N_("участник"),
    "voice.participants_few": N_("участника"),
    "voice.participants_many": N_("участников"),
    "voice.not_in_voice": N_("Вы не подключены к этому голосовому каналу"),
    "voice.peer_not_found": N_("Участник не найден в этом голосовом канале"),
    "voice.self": N_("Нельзя отправить сигнал самому себе"),
    "voice.sdp_missing": N_("Укажите описание сеанса (SDP)"),
    "voice.sdp_too_long": N_("Описание сеанса слишком длинное (максимум {limit} символов)"),
    "voice.sdp_type": N_("Неверный тип описания сеанса"),
    "voice.candidate": N_("Некорректный ICE-кандидат"),
    "voice.session": N_("Некорректный идентификатор сеанса"),
    "voice.call_type": N_("Некорректный тип звонка"),
    "voice.not_dm": N_("Звонить можно только в личных сообщениях"),
    "voice.no_call": N_("Вам сейчас никто не звонит"),
    "voice.too_many_joins": N_("Слишком много подключений к голосовым каналам: попробуйте снова через {left}"),
    "voice.timed_out": N_("Вы в тайм-ауте на этом сервере: говорить в голосовых каналах можно будет через {left}"),
    # Account and security settings (account helper: accounts/password_change.py, email_change.py,
    # sign_ins.py, deletion.py, account_api.py, settings_pages.py)
    "account.current_password_empty": N_("Введите текущий пароль"),
    "account.current_password_wrong": N_("Неверный текущий пароль"),
    "account.password_same": N_("Новый пароль должен отличаться от текущего"),
    "account.password_changed": N_("Пароль изменён. Остальные сеансы завершены."),
    "account.email_same": N_("Это ваш текущий email"),
    "account.email_code_sent": N_("Код отправлен на новый адрес. Введите его, чтобы подтвердить смену email."),
    "account.email_changed": N_("Email изменён"),
    "account.email_not_pending": N_("Сначала укажите новый email"),
    "account.email_resend_wait": N_("Новый код можно запросить через {seconds} с"),
    "account.session_not_found": N_("Сеанс не найден"),
    "account.session_ended": N_("Сеанс завершён"),
    "account.others_ended": N_("Вы вышли на всех других устройствах"),
    "account.confirmation_wrong": N_("Введите слово {word}, чтобы подтвердить удаление"),
    "account.deleted": N_("Аккаунт удалён"),
    "account.deleted_user": N_("Удалённый пользователь"),
    "account.unknown_device": N_("Неизвестное устройство"),
    # Live socket frames
    "frame.id": N_("Некорректный идентификатор"),
    "frame.status": N_("Неизвестный статус"),
    "frame.custom_status": N_("Статус слишком длинный"),
    "frame.malformed": N_("Некорректное сообщение"),
    "frame.unknown_type": N_("Неизвестный тип сообщения"),
    "frame.too_large": N_("Слишком большое сообщение"),
    "frame.too_many": N_("Слишком много сообщений"),
    # Settings (settings backend: lobby/settings/)
    "settings.unknown": N_("Неизвестная настройка"),
    "settings.too_long": N_("Слишком длинный текст (максимум {limit} символов)"),
    "settings.color": N_("Цвет в формате #rrggbb"),
    "settings.volume": N_("Ожидается число от 0 до 1"),
    "settings.group": N_("Ожидается объект с настройками"),
    "settings.choice": N_("Недопустимое значение"),
    "settings.read_only": N_("Аватар меняется загрузкой изображения"),
    "settings.bad_file": N_("Неверный формат файла настроек"),
    "settings.avatar_missing": N_("Выберите изображение"),
    "settings.avatar_not_image": N_("Аватар должен быть изображением"),
    "settings.avatar_too_big": N_("Файл слишком большой (максимум {megabytes} МБ)"),
    "settings.avatar_too_many_pixels": N_("Изображение слишком большое (максимум {megapixels} мегапикселей)"),
    "settings.no_avatar": N_("Аватар не найден"),
    # Settings pages (pages helper: lobby/settings_pages.py, templates/settings/)
    "settings_pages.saved": N_("Сохранено"),
    "settings_pages.unsaved": N_("Есть несохранённые изменения"),
    "settings_pages.saving": N_("Сохранение..."),
    "settings_pages.file_unreadable": N_("Ошибка чтения файла"),
    "settings_pages.imported": N_("Настройки импортированы"),
    "settings_pages.reset_question": N_("Вы уверены, что хотите сбросить все настройки к значениям по умолчанию?"),
    "settings_pages.reset_done": N_("Настройки сброшены"),
    # Managing a server's channels (lobby/servers/channel_actions.py)
    "channel.last_text": N_("Нельзя удалить последний текстовый канал сервера"),
    "channel.position": N_("Позиция — целое число от 0"),
}


def text(code: str, **values) -> str:
    """The message for `code` in the reader's language, with its `{placeholders}` filled. Ask for it
    when the answer is made, not at import: a module-level constant would stay Russian."""
    return _(TEXTS[code], **values)


def text_for(user_id: int, code: str, **values) -> str:
    """The message in `user_id`'s language, for a text kept for them (a notification): written
    when it happens, read later by them, whoever's request wrote it."""
    from lobby.i18n import in_language, language_of
    with in_language(language_of(user_id)):
        return text(code, **values)


def texts_for(user_ids, code: str, **values) -> dict[int, str]:
    """`text_for` for several people at once (one read of their languages)."""
    from lobby.i18n import in_language, languages_of
    languages = languages_of(user_ids)
    written = {}
    for lang in set(languages.values()):
        with in_language(lang):
            written[lang] = text(code, **values)
    return {user_id: written[lang] for user_id, lang in languages.items()}


def shown_username(username: str) -> str:
    """A username as the reader sees it: a deleted account's row stores the Russian tombstone name
    (`stored_text`), which each reader gets in their own language."""
    return text("account.deleted_user") if username == TEXTS["account.deleted_user"] else username


def stored_text(code: str, **values) -> str:
    """The message for `code` in Russian, whoever's request asks: for a text kept in the database
    (a notification, a deleted account's name), which others read later in their own language."""
    words = TEXTS[code]
    return words.format(**values) if values else words
