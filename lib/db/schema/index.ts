export * from './tenants'
export * from './catalog'
export * from './referrers'
export * from './mail'
