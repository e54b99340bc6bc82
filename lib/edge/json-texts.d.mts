export declare function jsonTexts(): WeakMap<Response, string>
