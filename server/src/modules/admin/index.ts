/** The operator's console: operators, their second factor (TOTP), the audit log (decision 051). */
export { adminPlugin } from './admin.plugin';
export { AdminService, OperatorError, VERIFY_MAX_ATTEMPTS } from './admin.service';
export { totpCode } from './totp';
