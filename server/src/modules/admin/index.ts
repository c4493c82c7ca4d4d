/** The operator's console: operators, their second factor (TOTP), the audit log (decision 051). */
export { adminPlugin } from './admin.plugin';
export { AdminService } from './admin.service';
export { OperatorError } from './operators.service';
export { VERIFY_MAX_ATTEMPTS } from './second-factor.service';
export { totpCode } from './totp';
