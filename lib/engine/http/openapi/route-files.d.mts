export declare const API_ROOT: string
export declare const ROUTE_MODULES_FILE: string
export declare const DOCUMENT_ROUTE: string
export type RouteFile = { file: string; key: string; comment: string }
export declare function headerComment(source: string): string
export declare function readRouteFiles(root?: string): RouteFile[]
export declare function routeModulesSource(files: RouteFile[]): string
