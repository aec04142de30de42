import { addResources } from './i18n.ts';

/** Messages of the engine and the server host, ru first. */
addResources('ru', {
  msg: {
    required: 'Обязательное поле',
    unknownField: 'Неизвестное поле',
    unknownTable: 'Неизвестная таблица',
    notFound: 'Запись не найдена.',
    badId: 'Неверный идентификатор',
    notAuthenticated: 'Требуется вход в систему',
    forbidden: 'Нет прав доступа',
    serverError: 'Внутренняя ошибка сервера (код {{id}})',
    invalidLogin: 'Неверное имя пользователя или пароль',
    lockedOut: 'Слишком много неудачных попыток входа. Повторите через 15 минут',
    blocked: 'Пользователь заблокирован',
    chooseWorkspace: 'Выберите рабочее пространство',
    invalidPassword: 'Пароль должен содержать от 6 до 20 символов, хотя бы одну букву и одну цифру',
    passwordMismatch: 'Подтвержденный пароль и новый пароль не совпадают',
    /** Spec 001 §5 writes the self-service message with double spaces; quoted exactly. */
    passwordMismatchSelf: 'Подтвержденный  пароль  и новый пароль не совпадают',
    wrongPassword: 'Неверный текущий пароль',
    duplicate: 'Такое значение уже существует',
    inUse: 'Запись используется и не может быть удалена',
    badJson: 'Неверный формат запроса',
    yes: 'Да',
    no: 'Нет',
  },
});
addResources('en', {
  msg: {
    required: 'Required field',
    unknownField: 'Unknown field',
    unknownTable: 'Unknown table',
    notFound: 'Record not found.',
    badId: 'Invalid identifier',
    notAuthenticated: 'Please log in',
    forbidden: 'Access denied',
    serverError: 'Internal server error (code {{id}})',
    invalidLogin: 'Invalid user name or password',
    lockedOut: 'Too many failed logins. Try again in 15 minutes',
    blocked: 'The user is blocked',
    chooseWorkspace: 'Choose a workspace',
    invalidPassword: 'The password must have 6 to 20 characters, at least one letter and one digit',
    passwordMismatch: 'The confirmed password and the new password do not match',
    passwordMismatchSelf: 'The confirmed password and the new password do not match',
    wrongPassword: 'The current password is wrong',
    duplicate: 'This value already exists',
    inUse: 'The record is in use and cannot be deleted',
    badJson: 'Malformed request',
    yes: 'Yes',
    no: 'No',
  },
});
