class app::nogreet (String $who = 'x') {
  notice(lookup('app::greeting'))
}
