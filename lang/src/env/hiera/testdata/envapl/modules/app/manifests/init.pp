class app (String $who = 'x', String $greeting = 'y') {
  notice(lookup('later'))
}
