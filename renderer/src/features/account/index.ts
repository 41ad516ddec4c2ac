/** The account feature: the connection user's own keys. */
export { MyKeysScreen } from './my-keys-screen.tsx';
