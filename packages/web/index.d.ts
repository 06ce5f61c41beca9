/** Absolute path of the built app (index.html and assets/), with a trailing separator. */
export declare const webAppDir: string
