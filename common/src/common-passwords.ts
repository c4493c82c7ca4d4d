/**
 * Passwords of six characters or more that top the public breach-corpus frequency lists (and a few
 * local favourites). Blocking them costs an artist nothing and stops the first guesses of any
 * credential-stuffing run. Compared case-insensitively.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '123456789', '12345678', 'password', 'qwerty123', 'qwerty1', '111111', '1234567',
  '1234567890', '123123', '000000', 'qwerty', 'abc123', 'password1', 'iloveyou', '654321',
  '666666', '987654321', '123321', '7777777', '1q2w3e4r', '1q2w3e', 'qwertyuiop', 'sunshine',
  'princess', 'football', 'monkey', 'charlie', 'dragon', 'baseball', 'letmein', 'welcome',
  'shadow', 'master', 'superman', 'michael', 'jennifer', 'jordan23', 'trustno1', 'starwars',
  'passw0rd', 'password123', 'password12', 'admin123', 'administrator', 'welcome1', 'welcome123',
  'login123', 'zaq12wsx', 'asdfghjkl', 'asdfgh', 'zxcvbnm', 'qazwsx', '1qaz2wsx', 'q1w2e3r4',
  'q1w2e3r4t5', 'aa123456', 'a123456', '123456a', 'abcd1234', 'abcdef', 'abc12345', '112233',
  '121212', '123654', '159753', '147258369', '123qwe', 'qwe123', 'killer', 'hunter2', 'freedom',
  'whatever', 'computer', 'internet', 'cheese', 'soccer', 'hockey', 'batman', 'flower', 'hello123',
  'loveme', 'lovely', 'iloveyou1', 'mustang', 'access', 'ashley', 'bailey', 'buster', 'cookie',
  'daniel', 'ginger', 'hannah', 'jessica', 'joshua', 'maggie', 'matthew', 'michelle', 'nicole',
  'pepper', 'robert', 'summer', 'thomas', 'tigger', 'yankees', 'google', 'samsung', 'secret',
  'changeme', 'default', 'sauti123', 'music123', 'mymusic', 'kenya123', 'nairobi', 'nairobi123',
  'mombasa', 'kenya254', 'mpesa123', 'jesus123', 'blessed', 'god123', 'amani123', 'baraka',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
