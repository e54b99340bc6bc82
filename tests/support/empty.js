// Stand-in for `server-only` in Jest: the real package throws outside the react-server condition.
module.exports = {}
