/** The package's version, as `User-Agent` names it (test/client checks it against package.json). */
export const PACKAGE_VERSION = '0.1.0';
