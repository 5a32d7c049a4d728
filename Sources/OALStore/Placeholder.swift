import OALDomain
